// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RunLoopLab",
    products: [
        .executable(name: "runloop-lab", targets: ["runloop-lab"]),
        .library(name: "RunLoopLabTesting", targets: ["RunLoopLabTesting"]),
        .library(name: "LabRuntime", targets: ["LabRuntime"]),
        .library(name: "RunLoopKit", targets: ["RunLoopKit"]),
        .library(name: "NetSim", targets: ["NetSim"]),
        .library(name: "AFReplay", targets: ["AFReplay"]),
        .library(name: "Inspector", targets: ["Inspector"]),
        .library(name: "Walkthrough", targets: ["Walkthrough"]),
    ],
    targets: [
        .target(name: "CSystem"),
        .target(name: "CBenchLimits"),
        .target(name: "LabRuntime", dependencies: ["CSystem"]),
        .target(name: "RunLoopKit", dependencies: ["LabRuntime", "CSystem"]),
        .target(name: "NetSim", dependencies: ["LabRuntime", "RunLoopKit", "CSystem"]),
        .target(name: "AFReplay", dependencies: ["LabRuntime", "RunLoopKit", "NetSim"]),
        .target(name: "Inspector", dependencies: ["LabRuntime", "AFReplay", "NetSim"]),
        .target(name: "Walkthrough", dependencies: ["LabRuntime", "RunLoopKit", "NetSim", "AFReplay", "Inspector"]),
        .target(name: "RunLoopLabTesting", dependencies: ["LabRuntime", "RunLoopKit", "NetSim", "AFReplay", "Inspector", "Walkthrough"]),
        .executableTarget(
            name: "runloop-lab",
            dependencies: ["LabRuntime", "RunLoopKit", "NetSim", "AFReplay", "Inspector", "Walkthrough", "CBenchLimits", "CSystem"]
        ),
        .executableTarget(name: "cf-main-queue-probe"),
        .target(name: "LabTestSupport", dependencies: ["CSystem"], path: "Tests/LabTestSupport"),
        .testTarget(name: "LabRuntimeTests", dependencies: ["LabRuntime", "CSystem", "LabTestSupport"]),
        .testTarget(name: "RunLoopKitTests", dependencies: ["RunLoopKit", "LabRuntime", "CSystem", "LabTestSupport"]),
        .testTarget(name: "NetSimTests", dependencies: ["NetSim", "LabRuntime", "RunLoopKit", "LabTestSupport"]),
        .testTarget(name: "AFReplayTests", dependencies: ["AFReplay", "NetSim", "RunLoopKit", "LabRuntime", "LabTestSupport"]),
        .testTarget(name: "InspectorTests", dependencies: ["Inspector", "LabRuntime", "AFReplay", "RunLoopKit"]),
        .testTarget(name: "WalkthroughTests", dependencies: ["Walkthrough", "Inspector", "LabRuntime", "LabTestSupport"]),
        .testTarget(name: "RunLoopLabTestingTests", dependencies: ["RunLoopLabTesting"]),
        .testTarget(
            name: "CoreFoundationDifferentialTests", dependencies: ["RunLoopKit", "LabRuntime", "LabTestSupport", "cf-main-queue-probe"]),
        .testTarget(name: "CLITests", dependencies: ["runloop-lab", "LabTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
