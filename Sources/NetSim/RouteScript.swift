/// What the loopback server answers on one route: the status, headers, body, pacing and
/// fault of a scripted response, the server half of the NSURLConnection scenarios the lab
/// replays (`server GET /big -> 200 etag "v1" body 10 bytes in chunks 4,3,3 every 5ms`).
public struct RouteScript: Sendable, Equatable {
    /// The status code of a full response (`statusCode`).
    public var status: Int
    /// The `ETag` to send and to compare `If-Range` against; nil for none.
    public var etag: String?
    /// The `Content-Type`; nil for none.
    public var contentType: String?
    /// More header fields, sent in order after the standard ones.
    public var extraHeaders: [HTTPHeaderField]
    /// The entity.
    public var body: RouteBody
    /// The sizes of the writes the body is cut into, in order; the last size repeats until
    /// the body is sent. Empty means one write.
    public var chunkSizes: [Int]
    /// The pause before each write after the first (virtual time under simulation).
    public var gap: Duration
    /// Whether to frame the body with `Transfer-Encoding: chunked` (one HTTP chunk per
    /// write) instead of `Content-Length`.
    public var chunkedEncoding: Bool
    /// Whether `Range: bytes=N-` is honoured with 206 (or 416); otherwise it is ignored.
    public var acceptsRanges: Bool
    /// A fault to inject, if any.
    public var fault: ServerFault?

    /// A route script; by default a 200 with an empty body.
    public init(
        status: Int = 200, etag: String? = nil, contentType: String? = "application/octet-stream",
        extraHeaders: [HTTPHeaderField] = [], body: RouteBody = .bytes([]), chunkSizes: [Int] = [],
        gap: Duration = .zero, chunkedEncoding: Bool = false, acceptsRanges: Bool = true,
        fault: ServerFault? = nil
    ) {
        precondition(chunkSizes.allSatisfy { $0 > 0 }, "chunk sizes must be positive")
        self.status = status
        self.etag = etag
        self.contentType = contentType
        self.extraHeaders = extraHeaders
        self.body = body
        self.chunkSizes = chunkSizes
        self.gap = gap
        self.chunkedEncoding = chunkedEncoding
        self.acceptsRanges = acceptsRanges
        self.fault = fault
    }

    /// A route serving `length` deterministic bytes of `seed`, cut into `chunks` writes
    /// `gap` apart.
    public static func bytes(
        _ length: Int, seed: UInt64 = 1, chunks: [Int] = [], gap: Duration = .zero,
        etag: String? = nil
    ) -> RouteScript {
        RouteScript(etag: etag, body: .deterministic(seed: seed, length: length), chunkSizes: chunks, gap: gap)
    }

    /// A redirect: `status` (301, 302, 303, 307 or 308) with `Location: location`, an
    /// absolute URL or a reference resolved against the request's URL (`/new`), and `body`.
    public static func redirect(_ status: Int, to location: String, body: RouteBody = .bytes([])) -> RouteScript {
        RouteScript(status: status, contentType: nil, extraHeaders: [HTTPHeaderField(name: "Location", value: location)], body: body)
    }
}
