/**
 * The engine's own weight decoder (shared/engine/perception/tf-models.ts) against TensorFlow.js's: the same values, bit for
 * bit, for a real model and for the float16 edge cases; anything it does not handle goes back to TensorFlow.js.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tensor } from '@tensorflow/tfjs-core';
import {
  bytesOf,
  decodeModelWeights,
  loadGraph,
  parseModelJson,
  weightPaths,
  type WeightBytes,
} from '../../shared/engine/perception/tf-models';
import { loadTf, type Tf } from '../lib/tfjs-loader';
import { ENGINE_MODEL_FILES, engineModelsDir } from './models';
import { weightFiles } from './node-runtime';

let tf: Tf;
beforeAll(async () => {
  tf = await loadTf();
});

function readModel(file: string) {
  const dir = engineModelsDir();
  const json = parseModelJson(readFileSync(path.join(dir, file), 'utf8'));
  const bytes = Buffer.concat(weightPaths(json).map((p) => readFileSync(path.join(dir, p))));
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const specs = json.weightsManifest.flatMap((g) => g.weights);
  return { json, data, specs };
}

/** Every value of both maps, as bits (NaN and -0 compared exactly). */
async function expectSameTensors(ours: Record<string, Tensor>, theirs: Record<string, Tensor>) {
  expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
  for (const [name, t] of Object.entries(theirs)) {
    const o = ours[name]!;
    expect(o.dtype, name).toBe(t.dtype);
    expect(o.shape, name).toEqual(t.shape);
    const a = await o.data();
    const b = await t.data();
    expect(
      Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)),
      name,
    ).toBe(true);
  }
}

describe('model weights', () => {
  it('decodes the segmentation model exactly as TensorFlow.js does (float16 and int32 weights)', async () => {
    const { data, specs } = readModel(ENGINE_MODEL_FILES.segmentation);
    expect(specs.some((s) => s.quantization?.dtype === 'float16')).toBe(true);
    expect(specs.some((s) => s.dtype === 'int32')).toBe(true);
    // on the WASM backend each tensor's storage is taken in its heap and filled there
    expect(tf.getBackend()).toBe('wasm');
    const ours = decodeModelWeights(tf, data, specs)!;
    const theirs = tf.io.decodeWeights(data, specs as never);
    await expectSameTensors(ours, theirs);
    // other backends (WebGL, CPU) are handed new arrays: the same values
    const arrays = decodeModelWeights({ ...tf, getBackend: () => 'webgl' }, data, specs)!;
    await expectSameTensors(arrays, theirs);
    tf.dispose([...Object.values(ours), ...Object.values(theirs), ...Object.values(arrays)]);
  });

  it('decodes every float16 edge case, and an int32 weight after an odd count of halves', async () => {
    const halves = [
      0x0000, 0x8000, 0x0001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x3555, 0x1234,
    ];
    const buf = new ArrayBuffer(halves.length * 2 + 3 * 4);
    new Uint16Array(buf, 0, halves.length).set(halves);
    const view = new DataView(buf);
    [7, -1, 2147483647].forEach((v, i) => view.setInt32(halves.length * 2 + i * 4, v, true));
    const specs = [
      { name: 'h', shape: [halves.length], dtype: 'float32', quantization: { dtype: 'float16' } },
      { name: 'i', shape: [3], dtype: 'int32' },
    ];
    const ours = decodeModelWeights(tf, buf, specs)!;
    const theirs = tf.io.decodeWeights(buf, specs as never);
    await expectSameTensors(ours, theirs);
    expect(Array.from(await ours.h!.data()).slice(5, 9)).toEqual([1, -1, 65504, Infinity]);
    expect(Array.from(await ours.i!.data())).toEqual([7, -1, 2147483647]);
    tf.dispose([...Object.values(ours), ...Object.values(theirs)]);
  });

  it('reads the weights from their files in chunks, across a split between files, into the same tensors', async () => {
    const { data, specs } = readModel(ENGINE_MODEL_FILES.segmentation);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'weights-'));
    try {
      // an odd split: a float16 value and a 4-byte one straddle the two files
      const cut = 100_001;
      writeFileSync(path.join(dir, 'a.bin'), Buffer.from(data, 0, cut));
      writeFileSync(path.join(dir, 'b.bin'), Buffer.from(data, cut));
      const files = weightFiles([path.join(dir, 'a.bin'), path.join(dir, 'b.bin')]);
      expect(files.byteLength).toBe(data.byteLength);
      const ours = decodeModelWeights(tf, files, specs)!;
      const theirs = tf.io.decodeWeights(data, specs as never);
      await expectSameTensors(ours, theirs);
      tf.dispose([...Object.values(ours), ...Object.values(theirs)]);
      const tail = new Uint8Array(8);
      files.read(tail, cut - 4);
      expect(Buffer.from(tail).equals(Buffer.from(data, cut - 4, 8))).toBe(true);
      expect(() => files.read(new Uint8Array(8), data.byteLength - 4)).toThrow(/fewer bytes/);
      files.close();
      // a read that fails half-way (the third weight's) leaves no tensor behind
      const before = tf.memory().numTensors;
      let reads = 0;
      const failing: WeightBytes = {
        byteLength: data.byteLength,
        read: (into, position) => {
          if (++reads === 3) throw new Error('disk gone');
          bytesOf(data).read(into, position);
        },
      };
      expect(() => decodeModelWeights(tf, failing, specs)).toThrow(/disk gone/);
      expect(reads).toBe(3);
      expect(tf.memory().numTensors).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves other encodings to TensorFlow.js and refuses weights whose size does not match their specs', () => {
    const buf = new ArrayBuffer(4);
    expect(
      decodeModelWeights(tf, buf, [{ name: 'q', shape: [4], dtype: 'float32', quantization: { dtype: 'uint8' } }]),
    ).toBeNull();
    expect(decodeModelWeights(tf, [buf], [{ name: 'f', shape: [1], dtype: 'float32' }])).toBeNull();
    expect(() => decodeModelWeights(tf, buf, [{ name: 'f', shape: [2], dtype: 'float32' }])).toThrow(/8/);
  });

  it('loads the pose model through it and runs it as before', async () => {
    const { json, data, specs } = readModel(ENGINE_MODEL_FILES.pose);
    const input = tf.zeros([1, 256, 256, 3], 'int32');
    const ours = await loadGraph(tf, json, data);
    const theirs = await tf.loadGraphModel({
      load: async () => ({
        modelTopology: json.modelTopology,
        weightSpecs: specs as never,
        weightData: data,
        format: json.format,
      }),
    });
    const a = await (ours.execute(input) as Tensor).data();
    const b = await (theirs.execute(input) as Tensor).data();
    expect(Array.from(a)).toEqual(Array.from(b));
    ours.dispose();
    theirs.dispose();
    input.dispose();
  });
});
