-- Failed sign-ins move to the one rate-limit store, under keys of their own.
INSERT INTO `rate_limit_hits` (`id`, `key`, `hit_at`) SELECT `id`, 'login-' || `key`, `attempted_at` FROM `login_attempts`;--> statement-breakpoint
DROP TABLE `login_attempts`;
