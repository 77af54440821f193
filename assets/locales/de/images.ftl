# German texts of images.ftl (see the English file for what each message is).
