export * from './products.js';
export * from './enums.js';
export * from './constants.js';
export * from './messages.js';
export * from './format.js';
export * from './runtime-config.js';
export * from './errors.js';
export * from './portfolio.js';
