/** Every schema the route table (shared/routes/) names: requests and responses from their area files. */
export * from './admin';
export * from './billing';
export * from './catalog';
export * from './common';
export * from './credits';
export * from './discovery';
export * from './generation';
export * from './photo-profile';
export * from './privacy';
export * from './upload';
export * from './user';
export * from './requests';
export * from './share';
