// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "RunLoopLab",
    products: [
        .library(name: "LabRuntime", targets: ["LabRuntime"]),
    ],
    targets: [
        .target(name: "CSystem"),
        .target(name: "LabRuntime", dependencies: ["CSystem"]),
        .testTarget(name: "LabRuntimeTests", dependencies: ["LabRuntime", "CSystem"]),
    ],
    swiftLanguageModes: [.v6]
)
