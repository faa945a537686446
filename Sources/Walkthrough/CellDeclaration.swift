/// `cell NAME [value N]`: a shared integer that threads read and write without a lock, a
/// `LabCell` (an Objective-C `nonatomic` property, a plain C variable): every read and write
/// is a scheduling point and a `cell.load` / `cell.store` trace event.
struct CellDeclaration: Sendable, Equatable {
    /// The scenario's name for it.
    let name: String
    /// The value it starts with.
    let value: Int
}
