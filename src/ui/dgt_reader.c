/*
 * dgt_reader.c: a DGT board's serial line, read without blocking
 * (ui_dgt.h). The protocol is the core's (dgt.h); this file owns the
 * descriptor: opening it raw at 9600 baud 8N1, the commands that start the
 * board, the reads, and the reconnection after the cable is pulled.
 *
 * A pulled USB cable shows as EIO or ENODEV on the next read, or as EOF
 * (a pseudo-terminal whose other end closed); the line is closed, and
 * opened again at most once a second until the device comes back. The
 * start sequence then asks a fresh dump, so the fields are whole again
 * however many pieces moved while the line was out.
 */
#include "ui_dgt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* Raw 8N1 at 9600 baud, no flow control, reads that never wait. A device
 * that is no terminal (a test's pipe) is read as it is. */
static bool set_line(int fd)
{
	struct termios t;
	if (tcgetattr(fd, &t) != 0)
		return errno == ENOTTY || errno == EINVAL;
	t.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON | IXOFF | IXANY);
	t.c_oflag &= ~(tcflag_t)OPOST;
	t.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
	t.c_cflag &= ~(tcflag_t)(CSIZE | PARENB | CSTOPB);
	t.c_cflag |= (tcflag_t)(CS8 | CREAD | CLOCAL);
	/* VMIN 1: a non-blocking read of an empty line is EAGAIN; with 0
	 * it would be 0, which reads as the cable pulled. */
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (cfsetispeed(&t, B9600) != 0 || cfsetospeed(&t, B9600) != 0)
		return false;
	return tcsetattr(fd, TCSANOW, &t) == 0;
}

/* Opens the line and starts the board; false with errno kept. */
static bool open_line(cc_ui_dgt_reader *r)
{
	int fd = open(r->path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		r->last_errno = errno;
		return false;
	}
	if (!set_line(fd)) {
		r->last_errno = errno;
		close(fd);
		return false;
	}
	uint8_t start[8];
	size_t n = cc_dgt_start_sequence(start, sizeof start);
	if (write(fd, start, n) != (ssize_t)n) {
		r->last_errno = errno ? errno : EIO;
		close(fd);
		return false;
	}
	r->fd = fd;
	r->have_board = false;
	cc_dgt_decoder_init(&r->decoder);
	return true;
}

bool cc_ui_dgt_reader_open(cc_ui_dgt_reader *r, const char *path, int64_t now_ms)
{
	memset(r, 0, sizeof *r);
	r->fd = -1;
	snprintf(r->path, sizeof r->path, "%s", path);
	cc_dgt_decoder_init(&r->decoder);
	r->retry_ms = now_ms + CC_UI_DGT_RETRY_MS;
	if (!open_line(r))
		return false;
	r->was_open = true;
	return true;
}

void cc_ui_dgt_reader_close(cc_ui_dgt_reader *r)
{
	if (r->fd >= 0) {
		uint8_t reset = CC_DGT_CMD_RESET;
		/* Back to idle: the board stops sending when no one reads. */
		if (write(r->fd, &reset, 1) != 1)
			r->last_errno = errno;
		close(r->fd);
	}
	r->fd = -1;
}

int cc_ui_dgt_reader_fd(const cc_ui_dgt_reader *r)
{
	return r->fd;
}

int64_t cc_ui_dgt_reader_wait_ms(const cc_ui_dgt_reader *r, int64_t now_ms)
{
	if (r->fd >= 0)
		return -1;
	return r->retry_ms > now_ms ? r->retry_ms - now_ms : 0;
}

static unsigned take_message(cc_ui_dgt_reader *r, const cc_dgt_message *m)
{
	switch (m->kind) {
	case CC_DGT_MSG_BOARD:
		memcpy(r->fields, m->fields, sizeof r->fields);
		r->have_board = true;
		return CC_UI_DGT_CHANGED;
	case CC_DGT_MSG_FIELD:
		r->updates++;
		if (m->field >= CC_DGT_FIELDS || r->fields[m->field] == m->piece)
			return 0;
		r->fields[m->field] = m->piece;
		return r->have_board ? CC_UI_DGT_CHANGED : 0;
	case CC_DGT_MSG_VERSION:
		r->major = m->major;
		r->minor = m->minor;
		return CC_UI_DGT_INFO;
	case CC_DGT_MSG_SERIAL:
		snprintf(r->serial, sizeof r->serial, "%s", m->serial);
		return CC_UI_DGT_INFO;
	case CC_DGT_MSG_OTHER:
		return 0;
	}
	return 0;
}

static unsigned lose_line(cc_ui_dgt_reader *r, int why, int64_t now_ms)
{
	r->last_errno = why;
	close(r->fd);
	r->fd = -1;
	r->have_board = false;
	r->retry_ms = now_ms + CC_UI_DGT_RETRY_MS;
	return CC_UI_DGT_LOST;
}

/* Feeds n bytes to the decoder, message by message. */
static unsigned feed(cc_ui_dgt_reader *r, const uint8_t *bytes, size_t n)
{
	unsigned seen = 0;
	while (n > 0) {
		cc_dgt_message msgs[4];
		size_t used = 0, got = cc_dgt_decode(&r->decoder, bytes, n, msgs, 4, &used);
		for (size_t i = 0; i < got; i++)
			seen |= take_message(r, &msgs[i]);
		bytes += used;
		n -= used;
		if (used == 0 && got == 0)
			break;
	}
	return seen;
}

unsigned cc_ui_dgt_reader_poll(cc_ui_dgt_reader *r, int64_t now_ms)
{
	unsigned seen = 0;
	if (r->fd < 0) {
		if (now_ms < r->retry_ms)
			return 0;
		r->retry_ms = now_ms + CC_UI_DGT_RETRY_MS;
		if (!open_line(r))
			return 0;
		seen |= r->was_open ? CC_UI_DGT_BACK : 0;
		r->was_open = true;
	}
	for (int rounds = 0; rounds < 64; rounds++) {
		uint8_t buf[256];
		ssize_t got = read(r->fd, buf, sizeof buf);
		if (got > 0) {
			seen |= feed(r, buf, (size_t)got);
			continue;
		}
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			break;
		/* EOF, EIO, ENODEV, ENXIO: the cable is out. */
		return seen | lose_line(r, got == 0 ? EIO : errno, now_ms);
	}
	return seen;
}

void cc_ui_dgt_reader_board(const cc_ui_dgt_reader *r, cc_dgt_orientation orientation, cc_dgt_board *out)
{
	cc_dgt_board_from_fields(r->fields, orientation, out);
}
