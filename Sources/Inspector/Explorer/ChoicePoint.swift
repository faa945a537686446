import LabRuntime

/// One point of a run where the scheduler had a choice, as ``PrefixStrategy`` logged it.
struct ChoicePoint: Sendable, Equatable {
    /// The threads that could run, ascending.
    public let enabled: [LabThreadID]
    /// The thread that reached the point.
    public let current: LabThreadID
    /// The choice that costs no preemption.
    public let defaultChoice: LabThreadID
    /// The thread that ran.
    public let chosen: LabThreadID

    /// Whether choosing `thread` here takes the processor from a thread that could go on.
    public func preempts(choosing thread: LabThreadID) -> Bool {
        thread != current && enabled.contains(current)
    }
}
