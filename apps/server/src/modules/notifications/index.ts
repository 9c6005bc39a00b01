// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export {
  deliveryStatuses,
  eraseNotifications,
  forgetUnboundNotifications,
  type NewNotification,
  notificationsOfOrder,
  SECRET_MASK,
  supersedeOrderNotifications,
  supersedeOrdersNotifications,
} from './repository';
export { configuredChannels, NOTIFICATION_QUEUES, queueNotifications, secretKeys } from './service';
