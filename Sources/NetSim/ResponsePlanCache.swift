import LabRuntime

/// The response plans made on one pthread, kept for the requests that follow on it: a
/// search's runs each start a new loopback server whose first request asks for the plan
/// the run before made (a server keeps its own last plan for the requests after it). A
/// plan is a pure value of its route's script and a few of the request's fields
/// (``ResponsePlan/Inputs``), so a kept plan is the one a new one would be. Each pthread keeps
/// its own (``RecentEntries``), at most eight plans.
enum ResponsePlanCache {
    private struct Entry {
        let script: RouteScript?
        let inputs: ResponsePlan.Inputs
        let plan: ResponsePlan
    }

    private static let perPthread = PthreadLocal { RecentEntries<Entry>(limit: 8) }

    /// The plan for `request`, whose ``ResponsePlan/Inputs`` are `inputs`, on `route` (nil:
    /// no route): the kept one, or a new one, kept.
    static func plan(for request: HTTPRequestHead, inputs: ResponsePlan.Inputs, route: RouteScript?) -> ResponsePlan {
        perPthread.withCurrent { kept in
            // Compared in place, so that looking copies no kept script or plan.
            for index in kept.entries.indices where kept.entries[index].inputs == inputs && kept.entries[index].script == route {
                return kept.entries[index].plan
            }
            let plan = ResponsePlan(request: request, route: route)
            kept.keep(Entry(script: route, inputs: inputs, plan: plan))
            return plan
        }
    }
}
