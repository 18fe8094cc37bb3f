'use strict';
// The environment every n8n command of one instance runs with.
const path = require('path');
const { layout } = require('./paths');

const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-link-shortener-local-encryption-key';

/**
 * @param {object} o
 * @param {string} o.userFolder   N8N_USER_FOLDER (n8n keeps its data in <userFolder>/.n8n)
 * @param {number} [o.port]       N8N_PORT (editor/REST), distinct per running instance
 * @param {number} o.brokerPort   N8N_RUNNERS_BROKER_PORT, distinct per concurrent n8n process
 * @param {string} [o.encryptionKey]
 * @param {Record<string,string>} [o.extra]
 */
function n8nEnv({
	userFolder,
	port = 5678,
	brokerPort,
	encryptionKey = DEFAULT_ENCRYPTION_KEY,
	extra = {},
}) {
	if (!userFolder) throw new Error('n8nEnv: userFolder is required');
	if (!brokerPort) throw new Error('n8nEnv: brokerPort is required (the default 5679 collides)');
	const l = layout();
	const env = {};
	// Keep the basics of the parent environment, but none of its n8n/npm/test settings
	// (jest sets NODE_ENV=test, which silences n8n's logger and so `n8n execute`'s output).
	for (const [k, v] of Object.entries(process.env)) {
		if (
			/^(N8N_|DB_|EXECUTIONS_|QUEUE_|npm_|JEST_|NODE_OPTIONS$|NODE_PATH$|NODE_ENV$|GENERIC_TIMEZONE$|E2E_)/.test(
				k,
			)
		)
			continue;
		env[k] = v;
	}
	Object.assign(env, {
		PATH: `${l.nodeBinDir}${path.delimiter}${process.env.PATH || ''}`,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: encryptionKey,
		DB_TYPE: 'sqlite',
		N8N_LOG_LEVEL: 'info', // `n8n execute` prints its JSON through the logger
		N8N_LOG_OUTPUT: 'console',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_PORT: String(port),
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_EDITOR_BASE_URL: `http://localhost:${port}`,
		N8N_SECURE_COOKIE: 'false', // plain http on localhost / 127.0.0.1
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		NO_COLOR: '1',
	});
	Object.assign(env, extra);
	return env;
}

module.exports = { n8nEnv, DEFAULT_ENCRYPTION_KEY };
