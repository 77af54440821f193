//! The directory (src/app/directory): a server's settings changed as `/clans config`
//! asks, without Discord. Once the adapter read, changed and wrote the settings itself.

use crystal_clans::app::App;
use crystal_clans::app::directory::ServerChange;
use crystal_clans::i18n::Lang;

use crate::support::private_text as text;
use crate::support::scratch_store as scratch;

const ANA: u64 = 111_111_111_111_111_111;
const GUILD: u64 = 9;

/// Someone who may not manage the server changes nothing; out-of-range values change
/// nothing; a change is stored, said in full, and the public language follows it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn configure_server_checks_stores_and_says_every_setting() {
    let store = scratch("directory-config").await;
    let app = App::new(store.clone());
    let dir = &app.directory;
    let change = ServerChange {
        timeout_minutes: Some(60),
        language: Some(Some(Lang::De)),
        takebacks: Some(false),
        ..ServerChange::default()
    };

    let refused = dir
        .configure_server(ANA, Some(GUILD), false, change.clone())
        .await;
    assert!(
        text(&refused).contains("Manage Server"),
        "{}",
        text(&refused)
    );
    let too_long = ServerChange {
        reminder_minutes: Some(crystal_clans::app::MAX_TIMEOUT_MINUTES + 1),
        ..change.clone()
    };
    let refused = dir.configure_server(ANA, Some(GUILD), true, too_long).await;
    assert!(
        text(&refused).contains("nothing was changed"),
        "{}",
        text(&refused)
    );
    let too_many_days = ServerChange {
        away_days: Some(31),
        ..change.clone()
    };
    let refused = dir
        .configure_server(ANA, Some(GUILD), true, too_many_days)
        .await;
    assert!(
        text(&refused).contains("Choose between"),
        "{}",
        text(&refused)
    );
    assert_eq!(
        store.guild_settings(GUILD).await.unwrap(),
        Default::default(),
        "a refused change wrote nothing"
    );
    let outside = dir.configure_server(ANA, None, true, change.clone()).await;
    assert!(text(&outside).contains("belong to a server"));

    let saved = dir.configure_server(ANA, Some(GUILD), true, change).await;
    let s = store.guild_settings(GUILD).await.unwrap();
    assert_eq!(s.timeout_minutes, Some(60));
    assert_eq!(s.language.as_deref(), Some("de"));
    assert_eq!(s.takebacks, Some(false));
    let said = text(&saved);
    assert!(said.contains("1 hour"), "{said}");
    assert!(said.contains("takebacks: off"), "{said}");
    assert!(said.contains("German"), "{said}");
    assert_eq!(dir.public_lang(Some(GUILD)).await, Lang::De);

    // Back to the server's Discord language; the other settings stay.
    let auto = ServerChange {
        language: Some(None),
        ..ServerChange::default()
    };
    dir.configure_server(ANA, Some(GUILD), true, auto).await;
    let s = store.guild_settings(GUILD).await.unwrap();
    assert_eq!((s.language, s.timeout_minutes), (None, Some(60)));
    assert_eq!(dir.public_lang(Some(GUILD)).await, Lang::En);
}
