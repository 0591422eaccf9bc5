/**
 * The Node runtime's priming (the local stack's threads run it at start): both models run on a blank crop, and
 * nothing of it stays behind: no tensor, and the same analysis of a person before and after.
 */
import { describe, expect, it } from 'vitest';
import { loadPerson } from '../../test/engine/fixtures';
import { loadTf } from '../lib/tfjs-loader';
import { nodeModelRuntime, primeEngineModels, warmEngineModels } from './node-runtime';

describe('primeEngineModels', () => {
  it('runs the models without leaving a tensor behind or changing what they read of a person', async () => {
    await warmEngineModels();
    const tf = await loadTf();
    const person = await loadPerson('cgi-model-27');
    const before = await nodeModelRuntime.analyzePerson(person);
    const tensors = tf.memory().numTensors;
    await primeEngineModels();
    expect(tf.memory().numTensors).toBe(tensors);
    const after = await nodeModelRuntime.analyzePerson(person);
    expect(after.keypoints).toEqual(before.keypoints);
    expect(Buffer.from(after.mask.data).equals(Buffer.from(before.mask.data))).toBe(true);
  }, 60_000);
});
