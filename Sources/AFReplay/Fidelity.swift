/// Which AFNetworking the replay runs: 2.6.3 as shipped, or the lab's fixed version.
///
/// ``afn263`` follows `Tutorials/Specifications/afnetworking-2.6.3.md` step by step, races included:
/// they emerge from the faithful code under some schedules and are never scripted.
/// ``hardened`` changes only the steps below, each as one explicit
/// `if fidelity == .hardened` branch at the step it changes; nothing depends on a scenario.
/// ``HTTPRequestOperationManager`` (which gives its fidelity to the operations it makes) and
/// batches (which run on their members') add no steps to the table. Nor does
/// ``SessionManager``: 2.6.3 already serializes task creation, which is what keeps its task
/// identifiers unique.
///
/// | # | Where (spec) | 2.6.3 | `.hardened` | Why |
/// |---|---|---|---|---|
/// | 1 | `setState:` (§2.4 step 1) | validity checked before the lock is taken | checked after taking it | the state can change between the check and the assignment; harmless in-library (callers hold the recursive lock) but not for an outside caller |
/// | 2 | `pause` (§3.7 step 1) | the paused/finished/cancelled early return happens before locking, never re-checked | re-checked under the lock | a `cancel` between the check and the lock queues `cancelConnection`, then `pause` sets Paused, and `finish` is rejected from Paused: the operation stays Paused and cancelled forever, with DidFinish posted twice |
/// | 3 | `cancel` (§3.4) | a Paused operation only gets the flag and never finishes | a Paused operation is resumed (through ``URLConnectionOperation/resume()``), so `start` sees the flag and `cancelConnection` finishes it with −999 | a cancelled operation must finish: otherwise it keeps its queue slot, its completion block and any batch group forever |
/// | 4 | `operationDidStart` (§3.3) | the state is not checked: a connection is created and DidStart posted even if the operation was paused after `start` queued the hop | the connection is created only if the operation is still Executing | pause-before-connect otherwise opens a connection only to cancel it, and posts DidStart after pause's DidFinish, leaving the activity indicator stuck |
/// | 5 | DidStart / DidFinish (§3.3, §3.6, §3.7) | posted after unlocking, DidFinish unconditionally (also from Paused, also twice) | posted under the lock, and only when they alternate per operation, starting with DidStart (DidStart only for a started connection) | observers such as the activity indicator count them; 2.6.3 lets the count drift (clamped at 0, or stuck above it) |
/// | 6 | `connection:didReceiveData:` (§3.10, §7) | no space and no `streamError`: cancel and return, leaving the operation Executing forever; a write that takes 0 bytes is retried forever | both fail the operation with the stream's error or `ENOSPC` | a hang with no error and no completion, or a spinning network thread that stalls every operation |
/// | 7 | `resume` (§3.9) | calls `start` directly, bypassing the queue's concurrency limit | in a queue that holds no slot for the operation (it was paused before the queue started it), `resume` only sets Ready and the queue starts it when a slot is free | `maxConcurrentOperationCount` must hold |
/// | 8 | ``HTTPRequestOperation`` `pause` (§3.14) | the Range offset is sampled, unlocked, on the caller's thread, before the network thread has cancelled the connection | the Range/If-Range update is queued, while the lock is held, onto the network thread right behind `operationDidPause`, where it runs after the connection is cancelled | bytes that arrive between sampling and cancelling are kept in the stream *and* requested again, so the resumed body is corrupt |
/// | 9 | `connectionDidFinishLoading:` (§3.10, §3.13) | finishes with success even when `isCancelled` was set before it ran (the `cancelConnection` hop, queued behind it, then finds the operation finished) | under the lock, a cancelled operation fails with −999 instead, and a `cancel` cannot slip between that check and `finish` | success after cancel: a cancelled request runs its success block |
/// | 10 | `setState:` and `[super cancel]` under the lock (§1.4, §2.4) | KVO observers run synchronously under the operation lock | the notifications are queued while the emitting thread holds the lock and delivered, in order, right after its outermost unlock (the trace records each `kvo` event when it is delivered); an observer that reads the state when told may then find a later one, as another thread can change it in between | an observer that takes a lock of its own inverts the lock order against any thread that holds that lock and calls a locked setter (`setCompletionBlock:`), and can deadlock |
/// | 11 | `runLoopModes` (§1.2, §1.3) | the hops and the connection use exactly `runLoopModes`; a set without the default mode (or the common modes) is never served by the network thread, which runs only the default mode | such a set also gets the default mode | the operation otherwise never starts: no error, no finish, its queue slot and completion held forever |
/// | 12 | plain ``URLConnectionOperation`` `resume` (§3.9, §3.11) | the restarted request's full body is appended to the partial one the paused connection left in the memory stream, and ``URLConnectionOperation/totalBytesRead`` keeps counting from the old total, past the expected length | before the restarted connection, a memory stream holding an earlier connection's bytes is replaced by an empty one, and `totalBytesRead` is reset on the main queue behind the earlier connection's progress updates | the response data is corrupt (a prefix, then the whole body) and progress reports more bytes read than expected; ``HTTPRequestOperation`` resumes with a Range request and keeps its bytes |
public enum Fidelity: String, Sendable, CaseIterable {
    /// AFNetworking 2.6.3 as shipped, races included.
    case afn263
    /// 2.6.3 with the fixes in the table above.
    case hardened
}
