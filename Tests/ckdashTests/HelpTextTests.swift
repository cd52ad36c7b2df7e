import CKTestSupport
import Testing

/// The help texts as a whole, so any change of wording shows up in review.
@Suite("ckdash help texts")
struct HelpTextTests {
    @Test("ckdash schema --help lists the three commands")
    func schemaHelp() throws {
        let run = try CommandRun.ckdash(["schema", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            OVERVIEW: Format, lint and diff CloudKit schema files (.ckdb).

            USAGE: ckdash schema <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              format                  Print a schema file in cktool's canonical export
                                      format.
              lint                    Check a schema file for errors and for warnings worth
                                      fixing before a deploy.
              diff                    Show what deploying DEVELOPMENT over PRODUCTION would
                                      change, grouped by risk.

              See 'ckdash help schema <subcommand>' for detailed help.

            """)
    }

    @Test("ckdash schema diff --help explains the exit status")
    func diffHelp() throws {
        let run = try CommandRun.ckdash(["schema", "diff", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: ckdash schema diff <production> <development> [--json]"))
        let flowed = run.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowed.contains("Exit status: 0 when the deploy is possible, 1 when a change is blocked, 2 when a file cannot be read or is not a valid schema."))
    }
}
