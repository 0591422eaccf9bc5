import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readProvenance } from '../../test/support/provenance';
import { COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA, TRAINED_ALGORITHMIC_MEDIA } from '../../shared/domain/provenance';
import { processImage } from './image-pipeline';
import { credentialsFromSecret, insertJpegXmp, markAsAiGenerated } from './provenance';
import { loadLocalClassifier } from './moderation';

// one test runs processImage, which runs the real content-safety classifier: load it once up front
beforeAll(() => loadLocalClassifier(), 60_000);

const jpeg = (bg = '#3a6ea5') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: bg } })
    .jpeg()
    .toBuffer();

describe('markAsAiGenerated', () => {
  it('embeds a valid signed C2PA manifest: c2pa.created, trainedAlgorithmicMedia, the generator named', async () => {
    const marked = await markAsAiGenerated(await jpeg(), 'image/jpeg');
    const read = await readProvenance(marked);
    expect(read).not.toBeNull();
    expect(read!.validation.isValid).toBe(true);
    const codes = read!.validation.statusEntries.map((e) => e.code);
    expect(codes).toContain('claimSignature.validated');
    expect(codes).toContain('signingCredential.trusted');
    expect(codes).toContain('assertion.dataHash.match');
    expect(read!.actions).toEqual([
      expect.objectContaining({
        action: 'c2pa.created',
        digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
        softwareAgent: { name: 'Fitly virtual try-on' },
      }),
    ]);
    expect(read!.manifest.claim?.claimGeneratorName).toBe('Fitly');
    // still a decodable image of the same size
    const meta = await sharp(marked).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
  });

  it('marks a Fitly engine result as a composite made with trained models, in C2PA and in XMP', async () => {
    const marked = await markAsAiGenerated(await jpeg(), 'image/jpeg', 'engine');
    const read = await readProvenance(marked);
    expect(read!.validation.isValid).toBe(true);
    expect(read!.actions).toEqual([
      expect.objectContaining({ action: 'c2pa.created', digitalSourceType: COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA }),
    ]);
    const xmp = (await sharp(marked).metadata()).xmp?.toString('utf8') ?? '';
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA}"`);
    expect(xmp).not.toContain(TRAINED_ALGORITHMIC_MEDIA + '"');
  });

  it('writes the IPTC digital source type in XMP, readable by libvips', async () => {
    const marked = await markAsAiGenerated(await jpeg(), 'image/jpeg');
    const xmp = (await sharp(marked).metadata()).xmp?.toString('utf8') ?? '';
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED_ALGORITHMIC_MEDIA}"`);
  });

  it('carries no personal data: no EXIF, no GPS, nothing but the fixed texts', async () => {
    const { jpegWithGps } = await import('../../test/support/media');
    const cleaned = await processImage(await jpegWithGps(), { maxBytes: 5e6 });
    const marked = await markAsAiGenerated(cleaned.buffer, cleaned.contentType);
    const meta = await sharp(marked).metadata();
    expect(meta.exif).toBeUndefined();
    expect(marked.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('detects tampering: changing one pixel byte after signing breaks the data hash', async () => {
    const marked = await markAsAiGenerated(await jpeg('#808080'), 'image/jpeg');
    const tampered = Buffer.from(marked);
    tampered[tampered.length - 10]! ^= 0xff;
    const read = await readProvenance(tampered);
    expect(read!.validation.isValid).toBe(false);
    expect(read!.validation.statusEntries.map((e) => e.code)).toContain('assertion.dataHash.mismatch');
  });

  it('an unmarked image has no manifest', async () => {
    expect(await readProvenance(await jpeg())).toBeNull();
  });

  it('refuses formats it cannot mark', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0000' } })
      .webp()
      .toBuffer();
    await expect(markAsAiGenerated(webp, 'image/webp')).rejects.toThrow(/only JPEG/);
  });

  it('inserts XMP after the JFIF APP0 segment', async () => {
    const plain = await jpeg();
    const app0 = Buffer.from([
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    ]);
    const src = Buffer.concat([plain.subarray(0, 2), app0, plain.subarray(2)]);
    const out = insertJpegXmp(src, '<x/>');
    const app0End = 4 + src.readUInt16BE(4);
    expect(out.subarray(app0End, app0End + 2)).toEqual(Buffer.from([0xff, 0xe1]));
    expect(insertJpegXmp(plain, '<x/>').subarray(2, 4)).toEqual(Buffer.from([0xff, 0xe1]));
    expect((await sharp(out).metadata()).xmp?.toString()).toBe('<x/>');
  });

  it('parses credentials from the Secrets Manager JSON and rejects an incomplete secret', () => {
    expect(() => credentialsFromSecret('{"privateKeyPem":"x"}')).toThrow(/certificateChainPem/);
  });
});
