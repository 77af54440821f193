//! Private panels by direct message (`/clans dm`): who wants them, and whose DMs were
//! found closed, which the bot says once and then answers in the channel.

use super::Directory;
use crate::app::Outcome;

impl Directory {
    /// Whether this is the first failed DM to `user` since the process started (the bot
    /// says once that the DMs are closed, then quietly answers in the channel).
    pub fn first_dm_failure(&self, user: u64) -> bool {
        self.dm_closed.lock().unwrap().insert(user, ()).is_none()
    }

    /// Whether `user` asked for their private panels by direct message (a settings
    /// read that fails says no: the panel then comes where they clicked).
    pub async fn wants_dm(&self, user: u64) -> bool {
        self.user_settings(user).await.is_ok_and(|s| s.dm_opt_in)
    }

    /// Sets whether `user` gets private panels by direct message.
    pub async fn set_dm(&self, user: u64, on: bool) -> Outcome {
        let mut s = self.user_settings_afresh(user).await.unwrap_or_default();
        s.dm_opt_in = on;
        let lang = self.user_lang(user).await;
        match self.set_user_settings(user, &s).await {
            Ok(()) => {
                self.dm_closed.lock().unwrap().remove(&user);
                Outcome::private(if on {
                    crate::i18n::messages::dm_on(lang)
                } else {
                    crate::i18n::messages::dm_off(lang)
                })
            }
            Err(e) => Outcome::private(self.faults.told(lang, None, &e)),
        }
    }
}
