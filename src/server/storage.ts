// Where uploaded files live: a local folder by default, S3-compatible object storage (AWS S3, MinIO)
// when the S3_* settings are present. Both sit behind one small interface.
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { copyFile } from 'node:fs/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface PresignOptions {
  /** seconds the link stays valid */
  expiresIn: number;
  fileName: string;
  contentType: string;
  /** inline (preview, the default) or attachment (download) */
  disposition?: 'inline' | 'attachment';
}

export interface Storage {
  kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from the local disk as a stream (documents up to 25 MB are never held whole). */
  putFile(key: string, filePath: string, size: number, contentType: string): Promise<void>;
  /** A stream of the file, or null when it does not exist. */
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  delete(key: string): Promise<void>;
  /**
   * A direct, expiring download URL from the storage itself (S3 presigned GET), or null when the
   * storage has none and the app serves the file through its own signed link (local folder).
   */
  presign(key: string, options: PresignOptions): Promise<string | null>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are built by the server, but a key must never escape the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = resolve(key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    },
    async putFile(key, filePath) {
      const file = resolve(key);
      mkdirSync(path.dirname(file), { recursive: true });
      // a copy in the kernel: no bytes pass through JavaScript
      await copyFile(filePath, file);
    },
    async get(key) {
      const file = resolve(key);
      if (!existsSync(file)) return null;
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      rmSync(resolve(key), { force: true });
    },
    async presign() {
      return null;
    },
  };
}

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** RFC 6266 header value: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function createS3Storage(settings: S3Settings, client?: S3Client): Storage {
  const s3 =
    client ??
    new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // a checksum only when the operation needs one: a streamed PutObject is otherwise sent as
      // aws-chunked with a trailing checksum, which S3-compatible servers (s3rver, older MinIO) store verbatim
      requestChecksumCalculation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.byteLength }));
    },
    async putFile(key, filePath, size, contentType) {
      // a file stream with its length: the SDK sends it as it reads, without buffering it
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(filePath), ContentType: contentType, ContentLength: size }));
    },
    async get(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return out.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async presign(key, options) {
      return getSignedUrl(
        s3,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: options.contentType,
          ResponseContentDisposition: contentDisposition(options.fileName, options.disposition),
        }),
        { expiresIn: options.expiresIn },
      );
    },
  };
}

/** S3 when all four settings are present; otherwise the local folder. */
export function storageFromConfig(
  config: {
    S3_ENDPOINT?: string;
    S3_REGION: string;
    S3_BUCKET?: string;
    S3_ACCESS_KEY_ID?: string;
    S3_SECRET_ACCESS_KEY?: string;
    S3_FORCE_PATH_STYLE: boolean;
  },
  localRoot: string,
): Storage {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  return createLocalStorage(localRoot);
}
