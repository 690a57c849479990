//! End-to-end tests: the real serenity client against a fake Discord on 127.0.0.1.

mod fake_discord;

use std::sync::Arc;

use fake_discord::FakeDiscord;
use fake_discord::payloads::{self, FakeChannel, FakeUser};
use serenity::all::{
    ClientBuilder, Context, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, EventHandler, GatewayIntents, HttpBuilder, Interaction,
};
use serenity::async_trait;

/// A 2×2 PNG, made with the png crate.
fn tiny_png() -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, 2, 2);
        encoder.set_color(png::ColorType::Rgb);
        let mut writer = encoder.write_header().expect("png header");
        writer.write_image_data(&[255; 12]).expect("png data");
    }
    bytes
}

/// Decodes a PNG, returning its size.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut buffer).expect("a PNG frame");
    (info.width, info.height)
}

struct Echo;

#[async_trait]
impl EventHandler for Echo {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if let Interaction::Command(command) = interaction {
            let message = CreateInteractionResponseMessage::new()
                .content(format!("hello {}", command.user.name))
                .add_file(CreateAttachment::bytes(tiny_png(), "board.png"));
            command
                .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                .await
                .expect("the fake accepts the response");
        }
    }
}

/// The harness itself: serenity connects through the fake, gets an interaction, and its
/// multipart reply with a PNG is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_discord_carries_an_interaction_and_a_png_reply() {
    let fake = FakeDiscord::start(1).await;
    let http = HttpBuilder::new("fake-token")
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(Echo)
        .await
        .expect("a client");
    let shards = Arc::clone(&client.shard_manager);
    let running = tokio::spawn(async move { client.start().await });
    fake.wait_connected(1).await;
    assert_eq!(fake.identifies()[0].token, "fake-token");

    let alice = FakeUser::new(1, "alice");
    let id = fake.snowflake();
    fake.dispatch(
        "INTERACTION_CREATE",
        payloads::GUILD_ID,
        payloads::slash(id, &alice, FakeChannel::text(10), "hello", &[]),
    )
    .await;
    let token = payloads::token(id);
    let reply = fake
        .wait_call("the interaction reply", |c| c.path.contains(&token))
        .await;
    assert_eq!(reply.method, "POST");
    assert_eq!(reply.path, format!("/interactions/{id}/{token}/callback"));
    assert_eq!(reply.json["type"], 4);
    assert_eq!(reply.content(), "hello alice");
    let png = reply.file_ending(".png").expect("a PNG attachment");
    assert_eq!(png.field, "files[0]");
    assert_eq!(png_size(&png.bytes), (2, 2));

    shards.shutdown_all().await;
    running.await.expect("client task").expect("clean shutdown");
}
