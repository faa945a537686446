// A race test imports this one module and gets every layer it builds a lab program from: the
// seam and the simulated runtime, the run loop, the loopback server and connection,
// AFNetworking's replay, and the explorer with its checkers.
@_exported import AFReplay
@_exported import Inspector
@_exported import LabRuntime
@_exported import NetSim
@_exported import RunLoopKit
