import TerminalKit

/// The roles the dashboard draws with beyond TerminalKit's widgets; every theme file gives them.
extension ThemeRole {
    /// The crumbs of the header.
    static let breadcrumb = ThemeRole("breadcrumb")
    /// The development environment's name in the header.
    static let environmentDevelopment = ThemeRole("environment-development")
    /// The production environment's name in the header.
    static let environmentProduction = ThemeRole("environment-production")
    /// The badge that says the session is on production.
    static let productionBadge = ThemeRole("production-badge")
    /// The `[RO]` badge of a read-only session.
    static let readOnlyBadge = ThemeRole("read-only-badge")

    /// Every role a dashboard theme gives: TerminalKit's and the dashboard's.
    static let dashboardRoles: [ThemeRole] =
        ThemeRole.widgetRoles + [.breadcrumb, .environmentDevelopment, .environmentProduction, .productionBadge, .readOnlyBadge]
}

extension ThemeRole {
    /// The dashboard roles' attributes on a terminal without colour when a theme's `[monochrome]` table leaves
    /// them out: production always stands out.
    static let dashboardMonochromeAttributes: [ThemeRole: TextAttributes] = ThemeRole.widgetMonochromeAttributes.merging([
        .breadcrumb: [], .environmentDevelopment: .bold, .environmentProduction: [.bold, .reverse], .productionBadge: [.bold, .reverse],
        .readOnlyBadge: .reverse,
    ]) { _, dashboard in dashboard }
}
