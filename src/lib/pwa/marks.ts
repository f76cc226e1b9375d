/** The performance mark the ordering kiosk sets once its screen is up (hydrated). */
export const KIOSK_READY_MARK = 'kiosk:ready';
