/** A multipart body encoded the way a browser's FormData sends it, for `app.inject`. */
export async function multipartRequest(
  form: FormData,
): Promise<{ headers: Record<string, string>; payload: Buffer }> {
  const encoded = new Response(form);
  return {
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** A form with one `file` part. */
export function fileForm(file: { name: string; data: Buffer; type?: string }): FormData {
  const form = new FormData();
  const blob = new Blob([new Uint8Array(file.data)], { type: file.type ?? '' });
  form.append('file', blob, file.name);
  return form;
}
