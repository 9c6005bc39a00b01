// The public face of users: the identity every module keys its rows on. Its table is its face: users has
// no behaviour of its own, and a foreign key or a join on users.id is how the others use it (decision 110).
export { type UserProfile, users } from './tables';
