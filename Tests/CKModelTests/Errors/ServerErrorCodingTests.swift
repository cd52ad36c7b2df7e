import CKModel
import Foundation
import Testing

@Suite("Server errors")
struct ServerErrorCodingTests {
    static let statuses: [(ServerErrorCode, Int)] = [
        (.accessDenied, 403), (.atomicError, 400), (.authenticationFailed, 401), (.authenticationRequired, 421),
        (.badRequest, 400), (.conflict, 409), (.exists, 409), (.internalError, 500), (.notFound, 404),
        (.quotaExceeded, 413), (.throttled, 429), (.tryAgainLater, 503), (.validatingReferenceError, 412),
        (.zoneNotFound, 404), (.notSupportedByZone, 400), (.uniqueFieldError, 409),
    ]

    @Test("every error code has its HTTP status and round-trips in an error dictionary", arguments: statuses.indices)
    func codes(index: Int) throws {
        let (code, status) = Self.statuses[index]
        #expect(code.httpStatus == status)
        let error = ServerError(code, reason: "why", retryAfter: 2, uuid: "u", recordName: "r")
        let object = try jsonObject(error)
        #expect(object["serverErrorCode"] as? String == code.rawValue)
        #expect(object["retryAfter"] as? Double == 2)
        #expect(try JSONDecoder().decode(ServerError.self, from: JSONEncoder().encode(error)) == error)
    }

    @Test("the known list holds every code exactly once")
    func knownList() {
        #expect(ServerErrorCode.allKnown.count == Self.statuses.count)
        #expect(Set(ServerErrorCode.allKnown) == Set(Self.statuses.map(\.0)))
    }

    @Test("a request error reads uuid, reason and redirectURL")
    func requestError() throws {
        let error = try JSONDecoder().decode(ServerError.self, from: fixture("request-error.json"))
        #expect(error.serverErrorCode == .authenticationRequired)
        #expect(error.httpStatus == 421)
        #expect(error.redirectURL == "https://auth.example.com/signin")
        #expect(error.uuid == "4f02f7aa-fbb5-4cf8ae8e-4dd463793841")
        #expect(error.description == "AUTHENTICATION_REQUIRED: request needs authorization")
    }

    @Test("an unknown code still decodes, and answers 500")
    func unknownCode() throws {
        let error = try decode(ServerError.self, #"{"serverErrorCode":"LIMIT_EXCEEDED","reason":"too big"}"#)
        #expect(error.serverErrorCode.rawValue == "LIMIT_EXCEEDED")
        #expect(error.httpStatus == 500)
        #expect(!error.serverErrorCode.isRetryable)
        #expect(ServerErrorCode.throttled.isRetryable && ServerErrorCode.tryAgainLater.isRetryable)
    }

    @Test("zone and subscription item errors name their subject")
    func itemErrors() throws {
        let zone = try decode(ItemResult<Zone>.self, #"{"zoneID":{"zoneName":"Z"},"serverErrorCode":"ZONE_NOT_FOUND","reason":"no"}"#)
        #expect(zone == .failure(ServerError(.zoneNotFound, reason: "no", zoneID: ZoneID(zoneName: "Z"))))
        let ok = try decode(ItemResult<Zone>.self, #"{"zoneID":{"zoneName":"Z"},"deleted":true}"#)
        #expect(ok == .success(Zone(zoneID: ZoneID(zoneName: "Z"), deleted: true)))
        let subscription = try decode(ItemResult<Subscription>.self, #"{"subscriptionID":"s","serverErrorCode":"NOT_FOUND"}"#)
        #expect(subscription == .failure(ServerError(.notFound, subscriptionID: "s")))
    }
}
