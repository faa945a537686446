import LabRuntime

/// The response plans made on one pthread, kept for the requests that follow on it: a
/// search's runs each start a new loopback server whose first request asks for the plan
/// the run before made (a server keeps its own last plan for the requests after it). A
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

    /// The plan for `request`, whose ``ResponsePlan/Inputs`` are `inputs`, on `route` (nil:
    /// no route): the kept one, or a new one, kept.
    static func plan(for request: HTTPRequestHead, inputs: ResponsePlan.Inputs, route: RouteScript?) -> ResponsePlan {
        perPthread.withCurrent { cache in
            // Compared in place, so that looking copies no kept script or plan.
            for index in cache.entries.indices where cache.entries[index].inputs == inputs && cache.entries[index].script == route {
                return cache.entries[index].plan
            }
            let plan = ResponsePlan(request: request, route: route)
            if cache.entries.count == limit { cache.entries.removeFirst() }
            cache.entries.append(Entry(script: route, inputs: inputs, plan: plan))
            return plan
        }
    }
}
