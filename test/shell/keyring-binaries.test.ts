import { describe, expect, it } from 'vitest';
import { binaryKind, KEYRING_TARGETS, lockedPackage } from '../../scripts/keyring-binaries.mjs';

/** The first bytes of a native module as each OS's loader reads them. */
function machO(cpu: number): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(cpu, 4);
  return b;
}
function pe(machine: number): Buffer {
  const b = Buffer.alloc(0x100);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(machine, 0x84);
  return b;
}
function elf(machine: number): Buffer {
  const b = Buffer.alloc(64);
  b.write('\x7fELF', 0, 'latin1');
  b.writeUInt16LE(machine, 18);
  return b;
}

describe('the keychain library binary of each installer', () => {
  it('covers every chip electron-builder.yml builds for: macOS x64 and arm64, Windows x64, Linux x64', () => {
    expect(KEYRING_TARGETS.map((t) => `${t.platform}-${t.arch}`)).toEqual(['darwin-x64', 'darwin-arm64', 'win32-x64', 'linux-x64']);
  });

  it('reads the format and chip from the header, so an Intel binary in the Apple silicon app is caught', () => {
    expect(binaryKind(machO(0x01000007))).toEqual({ format: 'Mach-O', cpu: 'x64' });
    expect(binaryKind(machO(0x0100000c))).toEqual({ format: 'Mach-O', cpu: 'arm64' });
    expect(binaryKind(pe(0x8664))).toEqual({ format: 'PE', cpu: 'x64' });
    expect(binaryKind(pe(0xaa64))).toEqual({ format: 'PE', cpu: 'arm64' });
    expect(binaryKind(elf(62))).toEqual({ format: 'ELF', cpu: 'x64' });
    expect(binaryKind(Buffer.from('not a binary'))).toEqual({ format: 'unknown', cpu: 'unknown' });
  });

  it('fetches each platform package at exactly the version and integrity the lock file pins', () => {
    for (const target of KEYRING_TARGETS) {
      const locked = lockedPackage(target.pkg);
      expect(locked.version).toBe(lockedPackage('@napi-rs/keyring').version);
      expect(locked.integrity).toMatch(/^sha512-/);
    }
  });
});
