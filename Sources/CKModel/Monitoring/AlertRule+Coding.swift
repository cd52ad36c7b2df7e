extension AlertRule {
    enum CodingKeys: String, CodingKey {
        case id, name, containerID, metric, operation, errorCode, environment, database, platform, threshold, relative, window, webhookURL
        case firing, changedAt
    }

    /// Reads a rule; what the server sets (`id`, `containerID`, `firing`, `changedAt`) and `relative` may be left
    /// out, as a client creating a rule sends it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(String.self, forKey: .id) ?? "", name: try container.decode(String.self, forKey: .name),
            containerID: try container.decodeIfPresent(ContainerID.self, forKey: .containerID),
            metric: try container.decode(TelemetryMetric.self, forKey: .metric),
            operation: try container.decodeIfPresent(String.self, forKey: .operation),
            errorCode: try container.decodeIfPresent(String.self, forKey: .errorCode),
            environment: try container.decodeIfPresent(ContainerEnvironment.self, forKey: .environment),
            database: try container.decodeIfPresent(DatabaseScope.self, forKey: .database),
            platform: try container.decodeIfPresent(String.self, forKey: .platform),
            threshold: try container.decode(Double.self, forKey: .threshold),
            relative: try container.decodeIfPresent(Bool.self, forKey: .relative) ?? false,
            window: try container.decode(AlertWindow.self, forKey: .window),
            webhookURL: try container.decodeIfPresent(String.self, forKey: .webhookURL),
            firing: try container.decodeIfPresent(Bool.self, forKey: .firing) ?? false,
            changedAt: try container.decodeIfPresent(Int64.self, forKey: .changedAt))
    }
}
