/// A lab thread's number within its runtime: 0 for the first thread, then creation order.
public typealias LabThreadID = Int
