/** Encode a multipart/form-data body (as a browser would) with the platform's FormData. */
export async function multipart(fields: Record<string, string | { content: Buffer; filename: string; type?: string } | undefined>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.content)], { type: v.type ?? 'application/octet-stream' }), v.filename);
  }
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}
