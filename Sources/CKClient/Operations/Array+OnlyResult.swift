extension Array {
    /// The one result of a request that sent one item (`records/modify` of one record, `records/resolve` of one
    /// short GUID): its value, its error, or a decoding error when the server answered no result.
    public func onlyResult<Value>(of operation: String) throws -> Value where Element == Result<Value, CloudKitClientError> {
        guard let result = first else {
            throw CloudKitClientError.decoding(operation: operation, httpStatus: 200, detail: "one item was sent and no result answered")
        }
        return try result.get()
    }
}
