package io.hongbao.embedded;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How to recognise a server process we started on a given folder: its program name starts with {@code programName}
 * and it works in, or names on its command line, that exact folder. The machine's own Redis or MariaDB (started from
 * /usr/bin or /usr/sbin on /var/lib/...) never matches, so we can never stop it by mistake.
 *
 * @param programName the start of the program file name, e.g. {@code redis-server} or {@code mariadbd}
 * @param folder the server's data folder, as a real path (symbolic links resolved, as /proc shows it)
 */
record ServerFingerprint(String programName, Path folder) {

    boolean matches(ProcessDescription process) {
        return runsProgram(process) && worksOnFolder(process);
    }

    private boolean runsProgram(ProcessDescription process) {
        Optional<String> executableName = process.executable().map(ServerFingerprint::fileName);
        // Redis overwrites its arguments with "<program> <address>", so only the start of argument 0 is the program
        String argumentZero = process.commandLine().get(0).split(" ", 2)[0];
        return executableName.map(name -> name.startsWith(programName)).orElse(false)
                || fileName(Path.of(argumentZero)).startsWith(programName);
    }

    private boolean worksOnFolder(ProcessDescription process) {
        if (process.workingDirectory().map(folder::equals).orElse(false)) {
            return true;
        }
        String folderText = folder.toString();
        return process.commandLine().stream()
                .anyMatch(argument -> argument.equals(folderText) || argument.endsWith("=" + folderText));
    }

    private static String fileName(Path path) {
        Path name = path.getFileName();
        return name == null ? "" : name.toString();
    }
}
