// swift-tools-version: 6.1
import PackageDescription

// A package of its own that depends on RunLoop Lab by path, as yours would, and tests a small
// run-loop program for races with `Lab.explore`. Lesson 14 walks through it.
let package = Package(
    name: "RaceTestExample",
    dependencies: [.package(name: "RunLoopLab", path: "../..")],
    targets: [
        .target(
            name: "WorkerJob",
            dependencies: [
                .product(name: "LabRuntime", package: "RunLoopLab"), .product(name: "RunLoopKit", package: "RunLoopLab"),
            ]),
        .testTarget(
            name: "WorkerJobTests",
            dependencies: ["WorkerJob", .product(name: "RunLoopLabTesting", package: "RunLoopLab")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
