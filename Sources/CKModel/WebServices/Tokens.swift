/// `tokens/create` and `tokens/register`: push tokens, for notifications of subscriptions.
public enum Tokens {
    /// The body of `tokens/create`.
    public struct CreateRequest: Hashable, Sendable, Codable {
        /// `development` or `production`.
        public var apnsEnvironment: String?

        /// Creates a request.
        public init(apnsEnvironment: String? = nil) {
            self.apnsEnvironment = apnsEnvironment
        }
    }

    /// The response of `tokens/create`.
    public struct CreateResponse: Hashable, Sendable, Codable {
        /// The environment the token is for.
        public var apnsEnvironment: String
        /// The token, base64.
        public var apnsToken: String
        /// Where to long-poll for the notifications sent to the token.
        public var webcourierURL: String

        /// Creates a response.
        public init(apnsEnvironment: String, apnsToken: String, webcourierURL: String) {
            self.apnsEnvironment = apnsEnvironment
            self.apnsToken = apnsToken
            self.webcourierURL = webcourierURL
        }
    }

    /// The body of `tokens/register`.
    public struct RegisterRequest: Hashable, Sendable, Codable {
        /// The environment the token is for.
        public var apnsEnvironment: String
        /// The token to register for the caller's subscriptions.
        public var apnsToken: String

        /// Creates a request.
        public init(apnsEnvironment: String, apnsToken: String) {
            self.apnsEnvironment = apnsEnvironment
            self.apnsToken = apnsToken
        }
    }
}
