import { describe, expect, it } from 'vitest';
import { HttpError } from '../../shared/errors';
import { jsonForm, parseMultipart } from './multipart';

const form = (parts: string[], boundary = 'b0undary') => ({
  body: Buffer.from(parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + `--${boundary}--\r\n`).toString('base64'),
  type: `multipart/form-data; boundary=${boundary}`,
});
const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const filePart = (name: string, filename: string, content: string) =>
  `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}`;

describe('parseMultipart', () => {
  it('gives the text fields and the named file parts; other file parts and empty file inputs are dropped', async () => {
    const f = form([field('name', 'Me'), filePart('file', 'a.png', 'PNGDATA'), filePart('other', 'b.png', 'x')]);
    const out = await parseMultipart(f.body, true, f.type, ['file', 'empty']);
    expect(out.fields).toEqual({ name: 'Me' });
    expect(Object.keys(out.files)).toEqual(['file']);
    expect(out.files.file).toMatchObject({ filename: 'a.png', mimetype: 'image/png', truncated: false });
    expect(out.files.file!.content.toString()).toBe('PNGDATA');
  });

  it('a part named after an Object.prototype member is only a name: no prototype is touched', async () => {
    const f = form([field('__proto__', 'polluted'), field('constructor[]', 'x'), field('toString', 'y')]);
    const out = await parseMultipart(f.body, true, f.type, []);
    expect(Object.getPrototypeOf(out.fields)).toBe(Object.prototype);
    expect(Object.keys(out.fields)).toEqual(['__proto__', 'constructor[]', 'toString']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(typeof {}.toString).toBe('function');
  });

  it('refuses a repeated name, a missing boundary and a truncated body with a 400', async () => {
    const twice = form([field('a', '1'), field('a', '2')]);
    await expect(parseMultipart(twice.body, true, twice.type, [])).rejects.toMatchObject({
      status: 400,
      message: 'Send the field a only once',
    });
    await expect(parseMultipart('x', false, 'multipart/form-data', [])).rejects.toBeInstanceOf(HttpError);
    const cut = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nnever ends').toString('base64');
    await expect(parseMultipart(cut, true, 'multipart/form-data; boundary=b', [])).rejects.toMatchObject({
      status: 400,
    });
  });

  it('jsonForm takes a JSON object of text fields; nested values and non-objects are refused', () => {
    expect(jsonForm({ a: 'x', b: true })).toEqual({ fields: { a: 'x', b: true }, files: {} });
    expect(jsonForm(undefined)).toEqual({ fields: {}, files: {} });
    expect(() => jsonForm({ a: { b: 1 } })).toThrow('The field a must be text');
    expect(() => jsonForm('a string')).toThrow('Send the form as multipart/form-data');
  });
});
