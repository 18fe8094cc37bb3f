'use strict';
// n8n in queue mode (PostgreSQL, Redis, main, workers) with the package installed. See README.md.
module.exports = { ...require('./services'), ...require('./cluster') };
