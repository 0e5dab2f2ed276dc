import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Config } from '#server/config.ts';
import { contentTypeOf } from './file-names.ts';
import {
  assertSafeFileName,
  isSafeFileName,
  type ByteRange,
  type FileSource,
  type FileStore,
  type OpenedFile,
  type StoredFileInfo,
} from './file-store.ts';
import { IMMUTABLE } from '#server/lib/cache-control.ts';


export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // MinIO, s3rver and most self-hosted stores have no per-bucket DNS names.
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
    // The SDK's default CRC trailers (aws-chunked bodies) are refused by several S3-compatible
    // servers; checksums are sent only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 || (error instanceof S3ServiceException && error.name === 'NoSuchKey');
}

/**
 * A FileStore over one key prefix of an S3 bucket (`uploads/`, `originals/`). An object appears
 * whole or not at all, so there is no partial file to hide; a crashed multipart upload is the
 * only leftover, and removeIncomplete aborts those.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    /** Ends with a slash, or is empty for the bucket's root. */
    readonly prefix: string,
  ) {}

  private keyOf(name: string): string {
    assertSafeFileName(name);
    return `${this.prefix}${name}`;
  }

  async put(name: string, source: FileSource): Promise<void> {
    const Key = this.keyOf(name);
    const headers = { ContentType: contentTypeOf(name), CacheControl: IMMUTABLE };
    if (source instanceof Readable) {
      // Length unknown: lib-storage sends one PUT below its part size, a multipart upload above
      // (aborted on failure, so a broken stream leaves no object).
      const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key, Body: source, ...headers } });
      await upload.done();
      return;
    }
    const { size } = await fsp.stat(source.path);
    if (size > 64 * 1024 * 1024) {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key, Body: fs.createReadStream(source.path), ...headers },
      });
      await upload.done();
      return;
    }
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key, Body: fs.createReadStream(source.path), ContentLength: size, ...headers }),
    );
  }

  async stat(name: string): Promise<StoredFileInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
      return { name, size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async open(name: string, range?: ByteRange): Promise<OpenedFile | null> {
    const Key = this.keyOf(name);
    let answer;
    try {
      answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered ${Key} without a body stream`);
    // With a range, ContentLength is the part's; the whole size is after the slash of Content-Range.
    const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
    const size = total !== undefined ? Number(total) : (answer.ContentLength ?? 0);
    return { stream: answer.Body, size, mtime: answer.LastModified ?? new Date(0) };
  }

  async delete(name: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
  }

  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${prefix}`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length) ?? '';
        // Keys below a deeper "folder" (uploads/x/…) or of foreign shapes are not this store's.
        if (!isSafeFileName(name)) continue;
        yield { name, size: object.Size ?? 0, mtime: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async removeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: this.prefix, KeyMarker, UploadIdMarker }),
        );
      } catch (error) {
        // s3rver and some small stores do not list multipart uploads: there is nothing we can
        // find, and a bucket lifecycle rule (AbortIncompleteMultipartUpload) is the remedy there.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed += 1;
      }
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
    return removed;
  }

  async checkReachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
