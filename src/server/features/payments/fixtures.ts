// Test bytes: tiny files whose first bytes are real magic numbers.
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
export const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
export const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
export const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]);
export const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

export function fileOf(bytes: Uint8Array, name: string, type = 'application/pdf'): File {
  return new File([bytes as BlobPart], name, { type });
}

/** Bytes of a given size that start as a PDF. */
export function pdfOfSize(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(PDF.subarray(0, Math.min(PDF.length, size)));
  return out;
}
