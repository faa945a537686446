/// A line-by-line diff of an expected and an actual text, in the unified style: unchanged
/// lines start with two spaces, lines only expected with `- `, lines only produced with `+ `.
enum LineDiff {
    /// The diff lines turning `expected` into `actual`, from a longest common subsequence.
    static func lines(expected: [String], actual: [String]) -> [String] {
        let rows = expected.count
        let columns = actual.count
        var common = [[Int]](repeating: [Int](repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                common[row][column] =
                    expected[row] == actual[column]
                    ? common[row + 1][column + 1] + 1
                    : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var result: [String] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, expected[row] == actual[column] {
                result.append("  " + expected[row])
                row += 1
                column += 1
            } else if column < columns, row == rows || common[row][column + 1] >= common[row + 1][column] {
                result.append("+ " + actual[column])
                column += 1
            } else {
                result.append("- " + expected[row])
                row += 1
            }
        }
        return result
    }
}
