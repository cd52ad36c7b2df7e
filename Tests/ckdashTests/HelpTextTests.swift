import CKTestSupport
import Testing

/// The help texts as a whole, so any change of wording shows up in review.
@Suite("ckdash help texts", .heavy)
struct HelpTextTests {
    @Test("ckdash schema --help lists every schema command")
    func schemaHelp() async throws {
        let run = try await CommandRun.ckdash(["schema", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput == """
            OVERVIEW: Export, import, validate, diff, deploy and reset a container's
            schema; format and lint .ckdb files.

            USAGE: ckdash schema <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              export                  Print the schema of the container's environment as
                                      .ckdb text (or JSON with --json).
              import                  Replace the container's development schema with a
                                      .ckdb file.
              validate                Check a .ckdb file against the container's schemas
                                      without changing anything.
              diff                    Show what a deploy would change, grouped by risk: of
                                      two files, or of the container on the server.
              deploy                  Deploy the container's development schema to
                                      production.
              reset                   Delete all development records of the container and
                                      set its schema back to production's.
              lint                    Check a schema file, or the container's schema on the
                                      server, for errors and for warnings worth fixing
                                      before a deploy.
              history                 List the container's schema deploys, oldest first.
              format                  Print a schema file in cktool's canonical export
                                      format.

              See 'ckdash help schema <subcommand>' for detailed help.

            """)
    }

    @Test("ckdash schema diff --help explains the exit status")
    func diffHelp() async throws {
        let run = try await CommandRun.ckdash(["schema", "diff", "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: ckdash schema diff [<options>] [<production>] [<development>]"))
        let flowed = run.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowed.contains("Exit status: 0 when the deploy is possible, 1 when a change is blocked, 2 when a file cannot be read or is not a valid schema."))
    }
}
