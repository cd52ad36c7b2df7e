/// A LOCATION value: a coordinate with optional accuracy, altitude, motion and time.
public struct Location: Hashable, Sendable, Codable {
    /// Degrees north of the equator, -90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180…180.
    public var longitude: Double
    /// Radius of uncertainty of the coordinate, in meters.
    public var horizontalAccuracy: Double?
    /// Uncertainty of the altitude, in meters.
    public var verticalAccuracy: Double?
    /// Meters above sea level.
    public var altitude: Double?
    /// Meters per second.
    public var speed: Double?
    /// Degrees clockwise from true north.
    public var course: Double?
    /// When the location was measured.
    public var timestamp: Timestamp?

    /// Creates a location.
    public init(
        latitude: Double, longitude: Double, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil,
        altitude: Double? = nil, speed: Double? = nil, course: Double? = nil, timestamp: Timestamp? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.timestamp = timestamp
    }
}
