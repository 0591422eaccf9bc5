/**
 * The sharp layer is built by the CDK build itself (no manual step) for Lambda's platform, and attached only
 * to the functions that load sharp.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_ACCESS, SHARP_PRINCIPALS, type Principal } from '../../functions/lib/aws-access';
import { installSharpLayer, SHARP_TARGET } from '../../infra/lib/constructs/sharp-layer';
import { descriptionOf } from './iam-contract';
import { REPO_ROOT } from '../../infra/lib/paths';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth';

const ELF_MACHINE_AARCH64 = 0xb7;
let layerDir: string;
let dev: SynthesizedApp;

beforeAll(() => {
  layerDir = mkdtempSync(path.join(tmpdir(), 'tryon-sharp-layer-'));
  // Exactly what the asset's local bundling runs during `cdk synth`.
  installSharpLayer(layerDir);
  dev = synthApp('dev');
}, 180_000);

afterAll(() => {
  rmSync(layerDir, { recursive: true, force: true });
  if (dev) rmSync(dev.outdir, { recursive: true, force: true });
});

const findFiles = (dir: string, test: (name: string) => boolean): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? findFiles(path.join(dir, e.name), test) : test(e.name) ? [path.join(dir, e.name)] : [],
  );

describe('sharp layer asset', () => {
  it('contains sharp and its linux-arm64 native binary (an AArch64 ELF) under nodejs/node_modules, and no other platform', () => {
    const modules = path.join(layerDir, 'nodejs', 'node_modules');
    const pkg = JSON.parse(readFileSync(path.join(modules, 'sharp', 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.version).toBe(root.dependencies.sharp);

    const binaries = findFiles(modules, (n) => n.endsWith('.node'));
    expect(binaries.map((b) => path.basename(b))).toEqual([
      `sharp-${SHARP_TARGET.os}-${SHARP_TARGET.cpu}-${pkg.version}.node`,
    ]);
    const header = readFileSync(binaries[0]!).subarray(0, 20);
    expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(header.readUInt16LE(18)).toBe(ELF_MACHINE_AARCH64);
    // libvips for the same platform
    const libvips = findFiles(path.join(modules, '@img'), (n) => /^libvips-cpp\.so/.test(n));
    expect(libvips.length).toBeGreaterThan(0);
    expect(libvips.every((f) => f.includes(`sharp-libvips-${SHARP_TARGET.os}-${SHARP_TARGET.cpu}`))).toBe(true);
    expect(readdirSync(path.join(modules, '@img')).filter((d) => /x64|darwin|win32|musl/.test(d))).toEqual([]);
  });

  it('is pinned to the version the tests run with (infra/sharp-layer/package.json = root package.json)', () => {
    const layer = JSON.parse(readFileSync(path.join(REPO_ROOT, 'infra', 'sharp-layer', 'package.json'), 'utf8'));
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(layer.dependencies).toEqual({ sharp: root.dependencies.sharp });
  });
});

describe('sharp layer in the template', () => {
  it('is one arm64 layer, attached to exactly the functions whose bundle loads sharp', () => {
    const t = dev.templates.app;
    const layers = Object.entries(resourcesOf(t, 'AWS::Lambda::LayerVersion'));
    expect(layers).toHaveLength(1);
    const [layerId, layer] = layers[0]!;
    expect(layer.Properties.CompatibleArchitectures).toEqual(['arm64']);
    const withLayer = Object.values(resourcesOf(t, 'AWS::Lambda::Function'))
      .filter((f) => (f.Properties.Layers ?? []).some((l: { Ref?: string }) => l.Ref === layerId))
      .map((f) => String(f.Properties.Description))
      .sort();
    expect(withLayer).toEqual(SHARP_PRINCIPALS.map((p: Principal) => descriptionOf(p)).sort());
    expect(Object.keys(AWS_ACCESS).length).toBeGreaterThan(SHARP_PRINCIPALS.length);
  });
});
