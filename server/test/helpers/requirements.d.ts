/** The browser the browser tests drive: CHROMIUM_PATH (CI runners), else Debian's Chromium. */
export declare const CHROMIUM_PATH: string;
export interface Requirement {
    /** What it is, for people. */
    what: string;
    /** The systems (process.platform) where it can exist; elsewhere its tests are skipped. */
    platforms: readonly NodeJS.Platform[];
    /** Why it cannot exist on the other systems. */
    onlyThere?: string;
    /** Debian packages that provide it (what `.ci/install-test-requirements` installs). */
    debianPackages: readonly string[];
    /** How to install it, said in a skip or a failure. */
    install: string;
    /** undefined when it is here, else what is missing. */
    missing(): string | undefined;
}
export declare const APACHE = "/usr/sbin/apache2";
export declare const APACHE_MODULES = "/usr/lib/apache2/modules";
export declare const REQUIREMENTS: {
    readonly chromium: {
        readonly what: "Chromium (the browser tests)";
        readonly platforms: readonly ["linux", "darwin", "win32"];
        readonly debianPackages: readonly ["chromium"];
        readonly install: "apt-get install chromium, or set CHROMIUM_PATH to a Chrome or Chromium";
        readonly missing: () => string | undefined;
    };
    readonly 'python3-authlib': {
        readonly what: "python3 with Debian's Authlib and requests";
        readonly platforms: readonly ["linux"];
        readonly onlyThere: "the test signs in with Debian's python3-authlib";
        readonly debianPackages: readonly ["python3-authlib", "python3-requests"];
        readonly install: "apt-get install python3-authlib python3-requests";
        readonly missing: () => "no python3 here imports authlib and requests" | undefined;
    };
    readonly 'apache2-mod-auth-openidc': {
        readonly what: "Apache with Debian's mod_auth_openidc";
        readonly platforms: readonly ["linux"];
        readonly onlyThere: "the test runs Debian's apache2 with libapache2-mod-auth-openidc";
        readonly debianPackages: readonly ["apache2", "libapache2-mod-auth-openidc"];
        readonly install: "apt-get install apache2 libapache2-mod-auth-openidc";
        readonly missing: () => string | undefined;
    };
    readonly podman: {
        readonly what: "podman able to run containers";
        readonly platforms: readonly ["linux"];
        readonly onlyThere: "the tests reach containers through podman's host network, which on macOS and Windows is a virtual machine's";
        readonly debianPackages: readonly ["podman", "runc"];
        readonly install: "bash .ci/install-podman";
        readonly missing: () => string | undefined;
    };
    readonly 'podman-compose': {
        readonly what: "podman-compose";
        readonly platforms: readonly ["linux"];
        readonly onlyThere: "it drives podman, which the container tests use on Linux only";
        readonly debianPackages: readonly ["podman-compose", "netavark", "aardvark-dns", "iptables"];
        readonly install: "bash .ci/install-podman";
        readonly missing: () => "podman-compose is not installed" | undefined;
    };
};
export type RequirementName = keyof typeof REQUIREMENTS;
export type RequirementStatus = {
    state: 'ready';
} | {
    state: 'skip';
    reason: string;
} | {
    state: 'fail';
    reason: string;
};
/** Whether CI is set (CI=true on GitHub Actions and most CI services). */
export declare function underCi(env?: NodeJS.ProcessEnv): boolean;
/** The rule, for these requirements on this system. */
export declare function requirementStatus(names: readonly RequirementName[], where: {
    platform: NodeJS.Platform;
    ci: boolean;
    missing?: (name: RequirementName) => string | undefined;
}): RequirementStatus;
export interface RequirementGate {
    /** Skip the suite: a requirement is missing (under CI on a system where it can exist, a
     * separate failing test says so). */
    skip: boolean;
    reason: string | undefined;
    /** ` (SKIPPED: reason)` when skipped, for the suite's title; empty otherwise. */
    label: string;
}
/**
 * Declares the requirements of the calling test file (call at its top level, with literal
 * names) and applies the rule: a gate for `describe.skipIf(gate.skip)`.
 */
export declare function requires(...names: RequirementName[]): RequirementGate;
/** The python3 that imports Authlib and requests (after `requires('python3-authlib')`). */
export declare function authlibPython(): string;
