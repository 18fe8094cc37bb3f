/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
/**
 * Imported first by the bench worker, before n8n-core loads: n8n-core's InstanceSettings reads
 * N8N_USER_FOLDER when first created and would otherwise write into ~/.n8n.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const userFolder = mkdtempSync(join(tmpdir(), 'link-shortener-bench-'));
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_ENCRYPTION_KEY ??= 'link-shortener-bench';
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED ??= 'false';
process.once('exit', () => rmSync(userFolder, { recursive: true, force: true }));
