# German texts of rules.ftl (see the English file for what each message is).
