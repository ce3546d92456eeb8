import type { DocumentSide, DocumentType } from '@vroum/core/documents';
import type { Queryable } from '../../db/client';

/** A row of the documents table. */
export interface DocumentRecord {
  id: string;
  userId: string;
  documentType: DocumentType;
  side: DocumentSide | null;
  fileName: string;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  verified: boolean;
  uploadedAt: Date;
}

interface DocumentRow {
  id: string;
  user_id: string;
  document_type: DocumentType;
  side: DocumentSide | null;
  file_name: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  verified: boolean;
  uploaded_at: Date;
}

const COLUMNS =
  'id, user_id, document_type, side, file_name, storage_key, content_type, size_bytes, verified, uploaded_at';

function toRecord(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    userId: row.user_id,
    documentType: row.document_type,
    side: row.side,
    fileName: row.file_name,
    storageKey: row.storage_key,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    verified: row.verified,
    uploadedAt: row.uploaded_at,
  };
}

export type NewDocument = Omit<DocumentRecord, 'id' | 'verified'>;

export async function insertDocument(
  db: Queryable,
  document: NewDocument,
): Promise<DocumentRecord> {
  const { rows } = await db.query<DocumentRow>(
    `insert into documents (user_id, document_type, file_name, storage_key, content_type,
       size_bytes, uploaded_at, side)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     returning ${COLUMNS}`,
    [
      document.userId,
      document.documentType,
      document.fileName,
      document.storageKey,
      document.contentType,
      document.sizeBytes,
      document.uploadedAt,
      document.side,
    ],
  );
  return toRecord(rows[0]!);
}

/** Takes the user's documents lock for this transaction: their uploads are recorded one at a time. */
export async function lockUserDocuments(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended('documents:' || $1::text, 0))`, [
    userId,
  ]);
}

/**
 * Records an upload the user starts and returns how many they started since `since`, this one
 * included; rows older than a day are dropped on the way.
 */
export async function recordUploadStart(
  tx: Queryable,
  userId: string,
  now: Date,
  since: Date,
): Promise<{ count: number; startedAt: Date }> {
  await tx.query(
    `delete from document_uploads where user_id = $1 and started_at < $2::timestamptz - interval '1 day'`,
    [userId, now],
  );
  // Now, or a millisecond after an upload of this user already started at or just after now: the
  // start names the stored file, and two uploads of one millisecond would share (and overwrite)
  // one file.
  const started = await tx.query<{ started_at: Date }>(
    `insert into document_uploads (user_id, started_at)
     select $1, coalesce(max(started_at) + interval '1 millisecond', $2::timestamptz)
       from document_uploads
      where user_id = $1 and started_at >= $2::timestamptz
        and started_at < $2::timestamptz + interval '1 minute'
     returning started_at`,
    [userId, now],
  );
  const { rows } = await tx.query<{ count: number }>(
    'select count(*)::int as count from document_uploads where user_id = $1 and started_at > $2',
    [userId, since],
  );
  return { count: rows[0]!.count, startedAt: started.rows[0]!.started_at };
}

/** Total bytes of the user's stored documents. */
export async function userDocumentsBytes(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    'select coalesce(sum(size_bytes), 0)::int as bytes from documents where user_id = $1',
    [userId],
  );
  return rows[0]!.bytes;
}

/**
 * Removes the user's earlier documents of the same kind and side not yet verified (a new upload
 * replaces them rather than piling up); returns their storage keys.
 */
export async function deleteReplacedDocuments(
  db: Queryable,
  kept: Pick<DocumentRecord, 'id' | 'userId' | 'documentType' | 'side'>,
): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `delete from documents where user_id = $1 and document_type = $2
        and side is not distinct from $3 and id <> $4 and not verified
      returning storage_key`,
    [kept.userId, kept.documentType, kept.side, kept.id],
  );
  return rows.map((row) => row.storage_key);
}

/** The user's documents, newest first. */
export async function findUserDocuments(db: Queryable, userId: string): Promise<DocumentRecord[]> {
  const { rows } = await db.query<DocumentRow>(
    `select ${COLUMNS} from documents where user_id = $1 order by uploaded_at desc, id`,
    [userId],
  );
  return rows.map(toRecord);
}

export async function findDocument(db: Queryable, id: string): Promise<DocumentRecord | null> {
  const { rows } = await db.query<DocumentRow>(`select ${COLUMNS} from documents where id = $1`, [
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Deletes the document when it belongs to the user and the team has not verified it: the deleted
 * row, 'verified' when it is kept for that reason, or null when the user has no such document.
 */
export async function deleteUserDocument(
  db: Queryable,
  userId: string,
  id: string,
): Promise<DocumentRecord | 'verified' | null> {
  const { rows } = await db.query<DocumentRow & { deleted: boolean }>(
    `with target as (select ${COLUMNS} from documents where id = $1 and user_id = $2),
          deleted as (delete from documents where id in (select id from target where not verified)
                      returning id)
     select target.*, exists (select 1 from deleted) as deleted from target`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return row.deleted ? toRecord(row) : 'verified';
}

/** Removes documents by id (identity images whose retention ended); returns their storage keys. */
export async function deleteDocumentsByIds(db: Queryable, ids: string[]): Promise<string[]> {
  const { rows } = await db.query<{ storage_key: string }>(
    `delete from documents where id = any($1::uuid[]) returning storage_key`,
    [ids],
  );
  return rows.map((row) => row.storage_key);
}
