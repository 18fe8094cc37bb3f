'use strict';
// Helpers to drive a real n8n (cached install) with this package loaded. See README.md.
module.exports = {
	...require('./paths'),
	...require('./install'),
	...require('./processes'),
	...require('./ports'),
	...require('./env'),
	...require('./user-folder'),
	...require('./pack'),
	...require('./cli'),
	...require('./server'),
	...require('./sandbox'),
};
