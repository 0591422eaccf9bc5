import { describe, expect, it } from 'vitest';
import { CONTENT_SAFETY, verdictFromNsfw, verdictFromRekognition } from './content-safety';

describe('verdictFromNsfw', () => {
  const preds = (porn: number, hentai = 0.01, sexy = 0.01) => [
    { className: 'Porn', probability: porn },
    { className: 'Hentai', probability: hentai },
    { className: 'Sexy', probability: sexy },
    { className: 'Neutral', probability: 0.5 },
  ];
  it('blocks Porn and Hentai at the threshold, not below', () => {
    const t = CONTENT_SAFETY.local.block.Porn!;
    expect(verdictFromNsfw(preds(t)).safe).toBe(false);
    expect(verdictFromNsfw(preds(t)).reasons).toEqual(['Porn']);
    expect(verdictFromNsfw(preds(t - 0.01)).safe).toBe(true);
    expect(verdictFromNsfw(preds(0, 0.95)).reasons).toEqual(['Hentai']);
  });
  it('does not block "Sexy" (swimwear and lingerie are fashion)', () => {
    expect(verdictFromNsfw(preds(0.05, 0.01, 0.99)).safe).toBe(true);
  });
});

describe('verdictFromRekognition', () => {
  it('blocks by the label or its parent at the configured confidence', () => {
    expect(
      verdictFromRekognition([{ Name: 'Graphic Male Nudity', ParentName: 'Explicit Nudity', Confidence: 92 }]).reasons,
    ).toEqual(['Explicit Nudity']);
    expect(verdictFromRekognition([{ Name: 'Violence', ParentName: '', Confidence: 86 }]).reasons).toEqual([
      'Violence',
    ]);
    expect(verdictFromRekognition([{ Name: 'Violence', ParentName: '', Confidence: 84 }]).safe).toBe(true);
  });
  it('does not block swimwear, suggestive or alcohol labels', () => {
    const v = verdictFromRekognition([
      { Name: 'Swimwear or Underwear', ParentName: '', Confidence: 99 },
      { Name: 'Female Swimwear or Underwear', ParentName: 'Swimwear or Underwear', Confidence: 99 },
      { Name: 'Suggestive', ParentName: '', Confidence: 95 },
      { Name: 'Alcohol', ParentName: '', Confidence: 95 },
    ]);
    expect(v).toMatchObject({ safe: true, reasons: [] });
    expect(v.labels[0]).toEqual({ name: 'Swimwear or Underwear', confidence: 0.99 });
  });
  it('an empty answer is safe', () => {
    expect(verdictFromRekognition([]).safe).toBe(true);
  });
});
