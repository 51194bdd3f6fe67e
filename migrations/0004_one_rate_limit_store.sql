-- Failed sign-ins move to the one rate-limit store. Only the per-address counts carry over: sign-ins are no longer throttled per email alone.
INSERT INTO `rate_limit_hits` (`id`, `key`, `hit_at`) SELECT `id`, 'login-' || `key`, `attempted_at` FROM `login_attempts` WHERE `key` LIKE 'ip:%';--> statement-breakpoint
DROP TABLE `login_attempts`;
