/** Every schema the route table (shared/routes/) names: requests from their domain files, responses from responses.ts. */
export * from './admin';
export * from './billing';
export * from './credits';
export * from './discovery';
export * from './generation';
export * from './photo-profile';
export * from './privacy';
export * from './upload';
export * from './user';
export * from './responses';
export * from './requests';
export * from './share';
