import LabRuntime

/// The response plans made on one pthread, kept for the requests that follow on it: a
/// search's runs each start a new loopback server whose first request asks for the plan
/// the run before made, and a live server's requests alike ask for the same plan again. A
/// plan is a pure value of its route's script and a few of the request's fields
/// (``ResponsePlan/Inputs``), so a kept plan is the one a new one would be. Each pthread keeps
/// its own (``PthreadLocal``), at most ``limit`` plans, the oldest going first.
final class ResponsePlanCache {
    private struct Entry {
        let script: RouteScript?
        let inputs: ResponsePlan.Inputs
        let plan: ResponsePlan
    }

    private var entries: [Entry] = []
    private static let limit = 8
    private static let perPthread = PthreadLocal { ResponsePlanCache() }

    /// The plan for `request` on `route` (nil: no route): the kept one, or a new one, kept.
    static func plan(for request: HTTPRequestHead, route: RouteScript?) -> ResponsePlan {
        let inputs = ResponsePlan.Inputs(request)
        return perPthread.withCurrent { cache in
            if let kept = cache.entries.first(where: { $0.inputs == inputs && $0.script == route }) { return kept.plan }
            let plan = ResponsePlan(request: request, route: route)
            if cache.entries.count == limit { cache.entries.removeFirst() }
            cache.entries.append(Entry(script: route, inputs: inputs, plan: plan))
            return plan
        }
    }
}
