import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { npmCommand } from './npm-command.mjs';

const CLI = 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js';

describe('npmCommand', () => {
  it('runs npm-cli.js with this Node under npm, on Windows as everywhere', () => {
    for (const platform of ['win32', 'linux', 'darwin']) {
      expect(
        npmCommand(['run', 'build'], { platform, execPath: 'node.exe', npmExecPath: CLI }),
      ).toEqual({ command: 'node.exe', args: [CLI, 'run', 'build'], shell: false });
    }
  });

  it('never spawns npm.cmd without a shell on Windows (Node refuses it with EINVAL)', () => {
    const command = npmCommand(['run', 'build'], { platform: 'win32', execPath: 'node.exe' });
    expect(command).toEqual({ command: 'npm', args: ['run', 'build'], shell: true });
    const underYarnShim = npmCommand(['run', 'build'], {
      platform: 'win32',
      execPath: 'node.exe',
      npmExecPath: 'C:\\yarn\\yarn.cmd',
    });
    expect(underYarnShim.shell).toBe(true);
  });

  it('runs npm directly elsewhere when not started by npm', () => {
    expect(npmCommand(['-v'], { platform: 'linux', execPath: '/usr/bin/node' })).toEqual({
      command: 'npm',
      args: ['-v'],
      shell: false,
    });
  });

  it('gives a command that really runs npm on this machine', () => {
    const npm = npmCommand(['--version'], {
      platform: process.platform,
      execPath: process.execPath,
      npmExecPath: process.env.npm_execpath,
    });
    const result = spawnSync(npm.command, npm.args, { shell: npm.shell, encoding: 'utf8' });
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
